import { MESSAGES } from "@studio/validators";
import { documentLabel, proofKind } from "../lib/format";
import { Icon } from "../ui/icons";

const m = MESSAGES.admin.bookings;

/** The booking's proof file: a signed link that opens in a new tab, or the "no file" note. */
export function ProofCell({ image, customer }: { image: string | null; customer: string }) {
  if (!image) {
    return (
      <div className="mt-2 flex items-start gap-2 text-xs text-white/60">
        <Icon name="file" className="mt-0.5 h-4 w-4 shrink-0" />
        <div>
          <p className="font-medium text-white/70">{m.noProof}</p>
          <p>{m.noProofText}</p>
        </div>
      </div>
    );
  }
  const kind = proofKind(image);
  const linkClass =
    "mt-2 inline-flex items-center gap-2 rounded-lg border border-ink-line bg-white/5 px-2.5 py-1.5 text-xs hover:border-accent hover:bg-white/10";
  if (kind === "image") {
    return (
      <a href={image} target="_blank" rel="noopener noreferrer" className={linkClass}>
        <span className="relative">
          <img src={image} alt="" className="h-10 w-10 rounded object-cover" loading="lazy" />
          <span className="absolute -right-1.5 -top-1.5 rounded-full bg-green-500 p-0.5 text-black">
            <Icon name="check" className="h-3 w-3" />
          </span>
        </span>
        <span className="text-green-300">{m.proofAttached}</span>
        {/* After the visible text, so the link's name starts with what a speech-input user sees (WCAG 2.5.3). */}
        <span className="sr-only">{`: proof image of ${customer}, opens in a new tab`}</span>
      </a>
    );
  }
  if (kind === "document") {
    return (
      <a href={image} target="_blank" rel="noopener noreferrer" className={linkClass}>
        <Icon name="file" className="h-5 w-5 text-blue-300" />
        <span>
          <span className="block font-semibold text-white">{documentLabel(image)}</span>
          <span className="block text-green-300">{m.proofAttached}</span>
        </span>
      </a>
    );
  }
  return (
    <a href={image} target="_blank" rel="noopener noreferrer" className={linkClass}>
      <Icon name="file" className="h-5 w-5 text-white/70" />
      <span className="font-semibold text-white">{m.proofDocument}</span>
    </a>
  );
}
