/**
 * A small hand-drawn sketch of the office's neighbourhood (Airport Residential Area, Accra,
 * with the coast to the south). Decorative: the address card next to it carries the facts and
 * the OpenStreetMap link. Drawn inline so no map tiles or scripts are loaded from elsewhere.
 */
export function OfficeMap() {
  return (
    <svg
      viewBox="0 0 320 180"
      width="320"
      height="180"
      aria-hidden="true"
      focusable="false"
      className="h-auto w-full rounded-xl border border-slate-200 bg-brand-50"
    >
      <path d="M0 150c40-10 80 6 120-2s90-16 130-6 50 8 70 4v34H0z" fill="#b0e4db" />
      <g fill="none" stroke="#ffffff" strokeLinecap="round">
        <path d="M-4 96c60-8 120-2 180-14s110-22 148-20" strokeWidth="9" />
        <path d="M150 -4c4 50 14 96 8 150" strokeWidth="9" />
        <path d="M40 -4c12 40 20 80 16 140" strokeWidth="5" />
        <path d="M236 -4c-8 36-2 70 10 130" strokeWidth="5" />
        <path d="M0 40c70 10 160 4 320-6" strokeWidth="5" />
      </g>
      <g fill="#d7f2ed">
        <rect x="70" y="50" width="56" height="28" rx="4" />
        <rect x="176" y="48" width="44" height="26" rx="4" />
        <rect x="64" y="106" width="60" height="24" rx="4" />
        <rect x="262" y="52" width="44" height="30" rx="4" />
        <rect x="176" y="96" width="50" height="28" rx="4" />
      </g>
      <g transform="translate(158 80)">
        <circle r="22" fill="#0d6156" opacity="0.15" />
        <path d="M0 4c-10-12-14-18-14-25a14 14 0 0 1 28 0c0 7-4 13-14 25z" fill="#0d6156" />
        <circle cy="-21" r="5" fill="#ffffff" />
      </g>
    </svg>
  );
}
