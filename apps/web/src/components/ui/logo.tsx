/** The Medallion mark: a round medallion with the taxi-door checker band. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" className={className}>
      <circle cx="20" cy="20" r="19" fill="#F7B500" />
      <circle cx="20" cy="20" r="15.5" fill="#16181D" />
      <g fill="#F7B500">
        <rect x="7" y="17" width="3" height="3" />
        <rect x="10" y="20" width="3" height="3" />
        <rect x="13" y="17" width="3" height="3" />
        <rect x="16" y="20" width="3" height="3" />
        <rect x="19" y="17" width="3" height="3" />
        <rect x="22" y="20" width="3" height="3" />
        <rect x="25" y="17" width="3" height="3" />
        <rect x="28" y="20" width="3" height="3" />
        <rect x="31" y="17" width="2" height="3" />
      </g>
      <circle cx="20" cy="20" r="15.5" fill="none" stroke="#F7B500" strokeWidth="1" />
    </svg>
  );
}
