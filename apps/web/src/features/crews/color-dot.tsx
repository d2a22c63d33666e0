/** The crew's colour as a dot; decorative, since the crew's name is always beside it. */
export function ColorDot({ color, className = "size-3" }: { color: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block shrink-0 rounded-full border ${className}`}
      style={{ backgroundColor: color }}
    />
  );
}
