export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="23" fill="#ffd23f" />
      <path d="M27 6 13 27h9l-3 15 16-22h-9l4-14z" fill="#0b2545" />
    </svg>
  );
}
