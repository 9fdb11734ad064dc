import { STEPS } from "../booking-steps";

export function StepIndicator({ step }: { step: number }) {
  return (
    <ol className="mb-7 grid grid-cols-4 gap-2" aria-label="Booking steps">
      {STEPS.map((label, i) => (
        <li key={label} aria-current={i === step ? "step" : undefined} className="flex flex-col gap-2">
          <span className={`h-1 rounded-full ${i <= step ? "bg-accent" : "bg-white/10"}`} />
          <span className={`text-xs font-medium ${i === step ? "text-white" : "text-white/60"}`}>
            <span className="sr-only">Step {i + 1}: </span>
            {label}
            {i < step ? <span className="sr-only"> (done)</span> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}
