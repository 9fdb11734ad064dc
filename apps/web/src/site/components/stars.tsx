import { StarIcon } from "./icons";

/** Five stars for a rating: full stars, then a half star from .5. */
export function starParts(rating: number): Array<"full" | "half" | "empty"> {
  const full = Math.floor(rating);
  const half = rating - full >= 0.5;
  return Array.from({ length: 5 }, (_, i) => (i < full ? "full" : i === full && half ? "half" : "empty"));
}

const STAR_KEYS = ["s1", "s2", "s3", "s4", "s5"] as const;

export function Stars({
  rating,
  className = "h-5 w-5",
  label,
}: {
  rating: number;
  className?: string;
  label?: string;
}) {
  return (
    <span
      className="inline-flex items-center gap-0.5"
      role="img"
      aria-label={label ?? `${rating} out of 5 stars`}
    >
      {starParts(rating).map((part, i) => (
        <span key={STAR_KEYS[i]} data-star={part} className="relative inline-block">
          <StarIcon className={`${className} text-white/15`} />
          {part !== "empty" ? (
            <span className={`absolute inset-0 overflow-hidden ${part === "half" ? "w-1/2" : "w-full"}`}>
              <StarIcon className={`${className} text-accent`} />
            </span>
          ) : null}
        </span>
      ))}
    </span>
  );
}
