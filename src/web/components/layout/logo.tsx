import { Link } from 'wouter';
import { paths } from '../../lib/paths.ts';
import { APP_NAME } from '../../lib/product.ts';

/** The Cliffhanger wordmark: a play mark hanging off a ledge, then the name. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <Link
      href={paths.home}
      className={`flex shrink-0 items-center gap-2 rounded-lg text-white ${className}`}
      data-testid="logo"
    >
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden>
        <defs>
          <linearGradient id="logo-g" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#fb7185" />
            <stop offset="1" stopColor="#be123c" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill="url(#logo-g)" />
        <path d="M12 9.5v13l10-6.5z" fill="#fff" />
        <path d="M5 24h9l2 3H5z" fill="#0b0b10" opacity=".55" />
      </svg>
      <span className="text-lg font-black tracking-tight">
        {APP_NAME.slice(0, 5)}
        <span className="text-rose-500">{APP_NAME.slice(5)}</span>
      </span>
    </Link>
  );
}
