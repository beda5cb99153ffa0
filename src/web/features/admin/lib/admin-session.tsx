import { createContext, useCallback, useContext } from 'react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/components/ui/toast.tsx';

export interface AdminSessionControls {
  /** The server no longer knows this operator: back to the login screen with a readable message. */
  endSession: () => void;
}

export const AdminSessionContext = createContext<AdminSessionControls>({ endSession: () => {} });

/** The server's readable message without the "field: " prefix its validation replies carry. */
export function readableServerMessage(error: ApiError): string {
  const message = error.serverMessage;
  const field = error.field;
  return field && message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
}

/** The top-level form field a validation error concerns ("tags.0" → "tags"). */
export function fieldOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.field?.split('.')[0] : undefined;
}

/**
 * Every failed dashboard change: a 401 means the session ended on the server; anything else is the
 * dashboard's "Failed to …" error toast, followed by the server's own reason when it gave a readable one (4xx).
 */
export function useAdminFailure() {
  const { endSession } = useContext(AdminSessionContext);
  const { t } = useTranslation('admin');
  return useCallback(
    (error: unknown, message: string) => {
      if (error instanceof ApiError && error.status === 401) {
        endSession();
        return;
      }
      const detail = error instanceof ApiError && error.status < 500 ? readableServerMessage(error) : undefined;
      // serverMessage falls back to the raw "<status>: <body>" when the reply was not our JSON: not for people.
      const readable = detail && error instanceof ApiError && detail !== error.message ? detail : undefined;
      toast({
        title: t('errorTitle'),
        description: readable ? t('errorWithDetail', { message, detail: readable }) : message,
        variant: 'destructive',
      });
    },
    [endSession, t],
  );
}
