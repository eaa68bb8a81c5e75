/** Fortune Reels symbols, drawn here as SVG (our own art, no external assets). */
import type { SlotSymbol } from '../../engine/index.ts';

const LETTER: Partial<Record<SlotSymbol, { ch: string; fill: string }>> = {
  ace: { ch: 'A', fill: '#ff7a7a' },
  king: { ch: 'K', fill: '#7ab8ff' },
  queen: { ch: 'Q', fill: '#c89bff' },
  jack: { ch: 'J', fill: '#6fe3b4' },
};

export function SlotSymbolArt({ symbol }: { symbol: SlotSymbol }) {
  const letter = LETTER[symbol];
  return (
    <svg className={`oc-sym oc-sym-${symbol}`} viewBox="0 0 64 64" aria-label={symbol} role="img">
      {letter && (
        <>
          <circle cx="32" cy="32" r="24" fill="rgba(255,255,255,0.06)" stroke={letter.fill} strokeOpacity="0.5" strokeWidth="2" />
          <text x="32" y="43" textAnchor="middle" fontSize="32" fontWeight="800" fill={letter.fill} fontFamily="Georgia, serif">
            {letter.ch}
          </text>
        </>
      )}
      {symbol === 'wild' && (
        <>
          <polygon points="32,4 39,23 60,24 43,37 49,58 32,46 15,58 21,37 4,24 25,23" fill="url(#oc-gold)" stroke="#8a5a00" strokeWidth="2" />
          <text x="32" y="39" textAnchor="middle" fontSize="13" fontWeight="900" fill="#3a2500">WILD</text>
        </>
      )}
      {symbol === 'scatter' && (
        <>
          <circle cx="32" cy="32" r="26" fill="url(#oc-violet)" stroke="#e8e0ff" strokeWidth="2" />
          <path d="M32 14 L36 28 L50 32 L36 36 L32 50 L28 36 L14 32 L28 28 Z" fill="#fff" opacity="0.9" />
          <text x="32" y="60" textAnchor="middle" fontSize="10" fontWeight="900" fill="#fff">FREE</text>
        </>
      )}
      {symbol === 'seven' && (
        <text x="32" y="52" textAnchor="middle" fontSize="52" fontWeight="900" fill="#ff3b5c" stroke="#ffd56b" strokeWidth="2.5" fontFamily="Georgia, serif">
          7
        </text>
      )}
      {symbol === 'diamond' && (
        <>
          <polygon points="32,8 54,26 32,58 10,26" fill="#4fd1e8" stroke="#c9f6ff" strokeWidth="2" />
          <polygon points="32,8 42,26 32,58 22,26" fill="#9beaf7" opacity="0.7" />
          <line x1="10" y1="26" x2="54" y2="26" stroke="#c9f6ff" strokeWidth="2" />
        </>
      )}
      {symbol === 'bell' && (
        <>
          <path d="M32 8 C20 8 16 20 16 32 L12 46 L52 46 L48 32 C48 20 44 8 32 8 Z" fill="url(#oc-gold)" stroke="#8a5a00" strokeWidth="2" />
          <circle cx="32" cy="52" r="5" fill="#f5b73b" stroke="#8a5a00" strokeWidth="2" />
        </>
      )}
      {symbol === 'clover' && (
        <g fill="#34d399" stroke="#0f6b48" strokeWidth="2">
          <circle cx="24" cy="24" r="10" />
          <circle cx="40" cy="24" r="10" />
          <circle cx="24" cy="40" r="10" />
          <circle cx="40" cy="40" r="10" />
          <path d="M32 34 Q36 50 44 58" fill="none" strokeWidth="3" />
        </g>
      )}
    </svg>
  );
}

/** Gradients the symbols share, defined once per page. */
export function SymbolDefs() {
  return (
    <svg width="0" height="0" style={{ position: 'absolute' }} aria-hidden="true">
      <defs>
        <linearGradient id="oc-gold" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffe9a3" />
          <stop offset="1" stopColor="#f5b73b" />
        </linearGradient>
        <radialGradient id="oc-violet" cx="0.4" cy="0.35" r="0.7">
          <stop offset="0" stopColor="#c7b9ff" />
          <stop offset="1" stopColor="#5b3fd6" />
        </radialGradient>
      </defs>
    </svg>
  );
}
