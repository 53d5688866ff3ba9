import { cn } from '../../lib/cn.ts';

export interface BoxIllustrationProps {
  alt: string;
  /**
   * `card`: on its own dark card (the box section). `hero`: drawn straight onto the near-black
   * hero, lit from behind with a warm glow and standing on a soft shadow, its body a shade lighter
   * than the background so its edges read.
   */
  variant?: 'card' | 'hero';
  className?: string;
}

/** The hero's warm light behind the box and the soft shadow it stands on. */
function HeroLight() {
  return (
    <>
      <defs>
        <radialGradient id="hero-box-glow" cx=".5" cy=".46" r=".5">
          <stop offset="0" stopColor="#f0a73a" stopOpacity=".34" />
          <stop offset=".55" stopColor="#f0a73a" stopOpacity=".08" />
          <stop offset="1" stopColor="#f0a73a" stopOpacity="0" />
        </radialGradient>
        <radialGradient id="hero-box-shadow" cx=".5" cy=".5" r=".5">
          <stop offset="0" stopColor="#000" stopOpacity=".85" />
          <stop offset="1" stopColor="#000" stopOpacity="0" />
        </radialGradient>
      </defs>
      <ellipse cx="367" cy="245" rx="272" ry="225" fill="url(#hero-box-glow)" />
      <ellipse cx="340" cy="430" rx="220" ry="32" fill="url(#hero-box-shadow)" />
    </>
  );
}

/** An original drawing of the open kit and what is in it. */
export function BoxIllustration({ alt, variant = 'card', className }: BoxIllustrationProps) {
  const hero = variant === 'hero';
  const body = hero ? '#1d1d22' : '#0b0b0c';
  const side = hero ? '#2a2a31' : '#1d1d22';
  const lid = hero ? '#2e2e36' : '#24242a';
  return (
    <svg
      role="img"
      aria-label={alt}
      // The hero crops to the box and its glow; the card keeps its margins.
      viewBox={hero ? '95 20 545 450' : '0 0 640 480'}
      className={cn('h-auto w-full', className)}
    >
      {hero ? <HeroLight /> : <rect width="640" height="480" rx="24" fill="#16161a" />}
      {/* the lid, standing open behind */}
      <path d="M150 120 320 70l170 50-170 48z" fill={lid} stroke="#34343b" strokeWidth="3" />
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
      <path d="M150 250 320 300l170-50v130L320 430l-170-50z" fill={body} stroke="#34343b" strokeWidth="3" />
      <path d="M150 250 320 300v130l-170-50z" fill={side} />
      <path d="M320 300 490 250" stroke="#f0a73a" strokeWidth="4" />
      {hero && <path d="M150 250 320 300" stroke="#f0a73a" strokeOpacity=".45" strokeWidth="2" />}
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
