/** An original drawing of the open kit and what is in it. */
export function BoxIllustration({ alt }: { alt: string }) {
  return (
    <svg role="img" aria-label={alt} viewBox="0 0 640 480" className="h-auto w-full">
      <rect width="640" height="480" rx="24" fill="#16161a" />
      {/* the lid, standing open behind */}
      <path d="M150 120 320 70l170 50-170 48z" fill="#24242a" stroke="#34343b" strokeWidth="3" />
      {/* items standing in the box */}
      <rect x="205" y="120" width="70" height="150" rx="6" fill="#f6f5f2" transform="rotate(-8 240 195)" />
      <rect x="218" y="150" width="44" height="8" rx="4" fill="#0b0b0c" transform="rotate(-8 240 195)" />
      <rect x="218" y="168" width="34" height="6" rx="3" fill="#8a867d" transform="rotate(-8 240 195)" />
      <rect x="285" y="105" width="80" height="165" rx="6" fill="#f0a73a" />
      <rect x="300" y="130" width="50" height="8" rx="4" fill="#0b0b0c" />
      <circle cx="325" cy="190" r="24" fill="none" stroke="#0b0b0c" strokeWidth="7" />
      <path
        d="M325 166a24 24 0 0 1 22 33"
        fill="none"
        stroke="#f6f5f2"
        strokeWidth="7"
        strokeLinecap="round"
      />
      <rect x="378" y="125" width="34" height="145" rx="4" fill="#8a4b00" />
      <rect x="414" y="135" width="30" height="135" rx="4" fill="#fdf1dc" />
      <rect x="446" y="150" width="26" height="120" rx="4" fill="#b4b4bd" />
      {/* the box body */}
      <path
        d="M150 250 320 300l170-50v130L320 430l-170-50z"
        fill="#0b0b0c"
        stroke="#34343b"
        strokeWidth="3"
      />
      <path d="M150 250 320 300v130l-170-50z" fill="#1d1d22" />
      <path d="M320 300 490 250" stroke="#f0a73a" strokeWidth="4" />
      <text
        x="200"
        y="372"
        fill="#f0a73a"
        fontFamily="Georgia, serif"
        fontSize="26"
        fontWeight="700"
        transform="rotate(16 200 372)"
      >
        OH SH*T KIT
      </text>
      {/* community card leaning in front */}
      <rect x="470" y="300" width="110" height="70" rx="10" fill="#f0a73a" transform="rotate(8 525 335)" />
      <rect x="488" y="322" width="60" height="8" rx="4" fill="#0b0b0c" transform="rotate(8 525 335)" />
      <rect
        x="488"
        y="340"
        width="40"
        height="6"
        rx="3"
        fill="#0b0b0c"
        opacity=".6"
        transform="rotate(8 525 335)"
      />
    </svg>
  );
}
