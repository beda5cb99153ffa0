import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { KeyRound, ShieldCheck } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { PageSpinner, Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { MIN_OPERATOR_PASSWORD } from '#contract/operators.ts';
import { useAcceptInvite } from '../api/accept-invite.ts';
import { useInvite } from '../api/get-invite.ts';
import { useLogInAdmin } from '../api/log-in-admin.ts';
import { addOperatorPasskey } from '../api/operator-passkeys.ts';
import { readableServerMessage } from '../lib/admin-session.tsx';
import { controlBase } from '../components/styles.ts';

/** /admin/invite/{token}: the invited operator sets their password, once, and may add a passkey at once. */
export default function InvitePage({ token }: { token: string }) {
  const { t } = useTranslation('team');
  const invite = useInvite(token);
  const accept = useAcceptInvite(token);
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const logIn = useLogInAdmin();
  const [passkey, setPasskey] = useState<'adding' | 'added' | null>(null);
  const ids = { password: useId(), again: useId(), problem: useId() };

  if (invite.isPending) return <PageSpinner />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== again) return setProblem(t('invite.mismatch'));
    setProblem(null);
    accept.mutate(password, {
      onError: (error) =>
        setProblem(error instanceof ApiError && error.status < 500 ? readableServerMessage(error) : t('invite.failed')),
    });
  };

  // A passkey is saved to a signed-in operator: the password just set signs them in first.
  const addPasskey = async () => {
    setPasskey('adding');
    setProblem(null);
    try {
      await logIn.mutateAsync({ name: invite.data!.name, password });
      await addOperatorPasskey();
      setPasskey('added');
    } catch (error) {
      setPasskey(null);
      const detail = error instanceof ApiError && error.status < 500 ? readableServerMessage(error) : null;
      setProblem(detail ? `${t('passkeys.failed')}: ${detail}` : t('passkeys.failed'));
    }
  };

  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-ink-950 px-4 py-10">
      <div className="w-full max-w-sm rounded-2xl border border-white/10 bg-ink-900 p-6 shadow-2xl sm:p-8">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand-600/15 text-brand-400">
            <ShieldCheck className="size-6" aria-hidden />
          </span>
          <h1 className="text-xl font-bold tracking-tight">{t('invite.title')}</h1>
        </div>
        {invite.isError ? (
          <p role="alert" className="text-sm text-amber-200">
            {t('invite.invalid')}
          </p>
        ) : passkey === 'added' ? (
          <div role="status" className="space-y-4 text-center text-sm">
            <p>{t('invite.passkeyAdded')}</p>
            <Link href="~/admin" className="font-semibold text-brand-400 underline">
              {t('invite.toDashboard')}
            </Link>
          </div>
        ) : accept.isSuccess ? (
          <div className="space-y-4 text-center text-sm">
            <p role="status">{t('invite.done')}</p>
            <p className="text-zinc-300">{t('invite.passkeyHint')}</p>
            {problem && (
              <p role="alert" className="text-amber-200">
                {problem}
              </p>
            )}
            <Button
              variant="secondary"
              className="w-full rounded-lg"
              onClick={() => void addPasskey()}
              disabled={passkey === 'adding'}
            >
              {passkey === 'adding' ? <Spinner className="size-4" /> : <KeyRound className="size-4" aria-hidden />}
              {t('passkeys.add')}
            </Button>
            <Link href="~/admin" className="block font-semibold text-brand-400 underline">
              {t('invite.signIn')}
            </Link>
          </div>
        ) : (
          <form onSubmit={submit} className="space-y-4">
            <p className="text-sm text-zinc-300">
              {t('invite.subtitle', { name: invite.data.name, role: t(`roles.${invite.data.role}`) })}
            </p>
            {problem && (
              <p id={ids.problem} role="alert" className="text-sm text-amber-200">
                {problem}
              </p>
            )}
            {(
              [
                [ids.password, 'invite.password', password, setPassword],
                [ids.again, 'invite.confirm', again, setAgain],
              ] as const
            ).map(([id, label, value, setValue]) => (
              <div key={id} className="space-y-1.5">
                <label htmlFor={id} className="text-sm font-medium text-zinc-200">
                  {t(label)}
                </label>
                <input
                  id={id}
                  type="password"
                  autoComplete="new-password"
                  required
                  minLength={MIN_OPERATOR_PASSWORD}
                  value={value}
                  onChange={(event) => setValue(event.target.value)}
                  aria-describedby={problem ? ids.problem : undefined}
                  className={`${controlBase} h-11 w-full px-3`}
                />
              </div>
            ))}
            <Button type="submit" size="lg" className="w-full rounded-lg" disabled={accept.isPending}>
              {accept.isPending && <Spinner className="size-4" />}
              {t('invite.submit')}
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}
