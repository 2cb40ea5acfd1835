/** The relbench mark (same drawing as the favicon), in the theme colour. */
export function Logo({ size = 20 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="logo">
      <rect width="32" height="32" rx="6" fill="var(--primary)" />
      <path d="M6 24 C12 23 14 8 26 7" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" />
    </svg>
  );
}
