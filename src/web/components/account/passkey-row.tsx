import { Trash2 } from 'lucide-react';
import { formatDate, formatDateTime } from '#web/lib/format.ts';

/** The words a passkey row needs, under the same keys in the viewers' and the operators' texts. */
type PasskeyWords = (
  key: 'passkeys.created' | 'passkeys.lastUsed' | 'passkeys.neverUsed' | 'passkeys.remove',
  values?: { date: string },
) => string;

/** One saved passkey: its name, when it was added and last used, and a button that removes it. */
export function PasskeyRow({
  passkey,
  t,
  onRemove,
  removing = false,
  testId,
}: {
  passkey: { name: string; createdAt: string; lastUsedAt: string | null };
  t: PasskeyWords;
  onRemove: () => void;
  removing?: boolean;
  testId: string;
}) {
  return (
    <li className="flex items-center gap-3 py-2.5" data-testid={testId}>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{passkey.name}</p>
        <p className="text-xs text-zinc-400">
          {t('passkeys.created', { date: formatDate(passkey.createdAt.slice(0, 10)) })} ·{' '}
          {passkey.lastUsedAt
            ? t('passkeys.lastUsed', { date: formatDateTime(passkey.lastUsedAt) })
            : t('passkeys.neverUsed')}
        </p>
      </div>
      <button
        type="button"
        onClick={onRemove}
        disabled={removing}
        aria-label={t('passkeys.remove')}
        title={t('passkeys.remove')}
        className="rounded-full p-2 text-zinc-400 hover:bg-white/10 hover:text-red-300"
      >
        <Trash2 className="size-4" aria-hidden />
      </button>
    </li>
  );
}
