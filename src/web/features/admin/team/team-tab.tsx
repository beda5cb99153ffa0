import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import type { OperatorSummary } from '#contract/operators.ts';
import { useInviteOperator } from '../api/invite-operator.ts';
import { useRemoveOperator } from '../api/remove-operator.ts';
import { useTeam } from '../api/get-team.ts';
import { useUpdateOperator } from '../api/update-operator.ts';
import { useAdminFailure } from '../lib/admin-session.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { inputClass, panelClass, selectClass } from '../components/styles.ts';

const INVITABLE = ['editor', 'analyst', 'support'] as const;
type InvitableRole = (typeof INVITABLE)[number];

/** The owner's view of the team: invite by name and role, change a role, disable or remove. */
export default function TeamTab() {
  const { t } = useTranslation('team');
  const team = useTeam();
  return (
    <section aria-labelledby="team-title" className="space-y-5">
      <div>
        <h2 id="team-title" className="text-lg font-semibold">
          {t('team.title')}
        </h2>
        <p className="text-sm text-zinc-400">{t('team.subtitle')}</p>
      </div>
      <InviteForm />
      {team.isPending ? (
        <Spinner />
      ) : team.isError ? (
        <p role="alert">{t('team.failed')}</p>
      ) : (
        <div className={`${panelClass} overflow-x-auto`}>
          <table className="w-full text-start text-sm">
            <thead className="text-xs text-zinc-400">
              <tr>
                {(['name', 'role', 'lastSignIn', 'status', 'actions'] as const).map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 text-start font-medium">
                    {t(`team.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {team.data.map((operator) => (
                <OperatorRow key={operator.id} operator={operator} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function InviteForm() {
  const { t } = useTranslation('team');
  const invite = useInviteOperator();
  const fail = useAdminFailure();
  const [name, setName] = useState('');
  const [role, setRole] = useState<InvitableRole>('editor');
  const nameId = useId();
  const roleId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || invite.isPending) return;
    invite.mutate(
      { name: name.trim(), role },
      { onSuccess: () => setName(''), onError: (e) => fail(e, t('team.failed')) },
    );
  };

  return (
    <div className={`${panelClass} space-y-3 p-4`}>
      <h3 className="text-sm font-semibold">{t('team.inviteTitle')}</h3>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div className="min-w-40 flex-1 space-y-1">
          <label htmlFor={nameId} className="text-xs text-zinc-300">
            {t('team.name')}
          </label>
          <input
            id={nameId}
            value={name}
            maxLength={60}
            required
            onChange={(event) => setName(event.target.value)}
            className={inputClass}
          />
        </div>
        <div className="w-40 space-y-1">
          <label htmlFor={roleId} className="text-xs text-zinc-300">
            {t('team.role')}
          </label>
          <select
            id={roleId}
            value={role}
            onChange={(event) => setRole(event.target.value as InvitableRole)}
            className={selectClass}
          >
            {INVITABLE.map((option) => (
              <option key={option} value={option}>
                {t(`roles.${option}`)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" size="sm" className="rounded-lg" disabled={invite.isPending}>
          {invite.isPending && <Spinner className="size-4" />}
          {t('team.invite')}
        </Button>
      </form>
      {invite.data && (
        <div role="status" className="space-y-1 rounded-lg border border-emerald-400/30 bg-emerald-400/10 p-3 text-sm">
          <p>{t('team.inviteReady', { name: invite.data.name })}</p>
          <input
            readOnly
            aria-label={t('team.inviteLink')}
            value={invite.data.inviteUrl}
            onFocus={(event) => event.target.select()}
            className={`${inputClass} font-mono text-xs`}
            data-testid="invite-url"
          />
        </div>
      )}
    </div>
  );
}

function OperatorRow({ operator }: { operator: OperatorSummary }) {
  const { t, i18n } = useTranslation('team');
  const { t: tAdmin } = useTranslation('admin');
  const update = useUpdateOperator();
  const remove = useRemoveOperator();
  const fail = useAdminFailure();
  const [confirming, setConfirming] = useState(false);
  const isOwner = operator.role === 'owner';
  const lastSignIn = operator.lastSignInAt
    ? new Date(operator.lastSignInAt).toLocaleString(i18n.language)
    : t('team.never');

  return (
    <tr className="border-t border-white/5" data-testid="operator-row" data-name={operator.name}>
      <td className="px-3 py-2 font-medium">{operator.name}</td>
      <td className="px-3 py-2">
        {isOwner ? (
          t('roles.owner')
        ) : (
          <select
            aria-label={t('team.roleOf', { name: operator.name })}
            value={operator.role}
            disabled={update.isPending}
            onChange={(event) =>
              update.mutate(
                { id: operator.id, role: event.target.value as InvitableRole },
                { onError: (e) => fail(e, t('team.failed')) },
              )
            }
            className={`${selectClass} w-36`}
          >
            {INVITABLE.map((option) => (
              <option key={option} value={option}>
                {t(`roles.${option}`)}
              </option>
            ))}
          </select>
        )}
      </td>
      <td className="px-3 py-2 text-zinc-300">{lastSignIn}</td>
      <td className="px-3 py-2">{t(`team.status.${operator.status}`)}</td>
      <td className="px-3 py-2">
        {!isOwner && (
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="secondary"
              className="rounded-lg"
              disabled={update.isPending}
              onClick={() =>
                update.mutate(
                  { id: operator.id, disabled: operator.status !== 'disabled' },
                  { onError: (e) => fail(e, t('team.failed')) },
                )
              }
            >
              {operator.status === 'disabled' ? t('team.enable') : t('team.disable')}
            </Button>
            <ConfirmDialog
              open={confirming}
              onClose={() => setConfirming(false)}
              title={t('team.removeTitle', { name: operator.name })}
              message={t('team.removeMessage')}
              cancelLabel={tAdmin('deleteDialog.cancel')}
              confirmLabel={t('team.remove')}
              pending={remove.isPending}
              onConfirm={() =>
                remove.mutate(operator.id, {
                  onSuccess: () => setConfirming(false),
                  onError: (e) => fail(e, t('team.failed')),
                })
              }
              trigger={
                <Button size="sm" variant="danger" className="rounded-lg" onClick={() => setConfirming(true)}>
                  {t('team.remove')}
                </Button>
              }
            />
          </div>
        )}
      </td>
    </tr>
  );
}
