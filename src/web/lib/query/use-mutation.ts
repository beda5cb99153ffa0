import { useCallback, useLayoutEffect, useRef, useState } from 'react';

export interface MutationCallbacks<TData, TVariables, TError> {
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  onError?: (error: TError, variables: TVariables) => unknown;
  onSettled?: (data: TData | undefined, error: TError | null, variables: TVariables) => unknown;
}

export interface UseMutationOptions<TData, TVariables, TError> extends MutationCallbacks<TData, TVariables, TError> {
  mutationFn: (variables: TVariables) => Promise<TData>;
}

interface MutationState<TData, TVariables, TError> {
  status: 'idle' | 'pending' | 'success' | 'error';
  data: TData | undefined;
  error: TError | null;
  variables: TVariables | undefined;
}

export interface UseMutationResult<TData, TVariables, TError> extends MutationState<TData, TVariables, TError> {
  isIdle: boolean;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  /** Runs it; a failure is handled by the callbacks (nothing is thrown). */
  mutate: (variables: TVariables, callbacks?: MutationCallbacks<TData, TVariables, TError>) => void;
  mutateAsync: (variables: TVariables, callbacks?: MutationCallbacks<TData, TVariables, TError>) => Promise<TData>;
  reset: () => void;
}

const idle = { status: 'idle', data: undefined, error: null, variables: undefined } as const;

/**
 * A write to the server. The options' callbacks run first and are waited for (a refresh they start is done
 * before the write counts as done); the callbacks given to `mutate` run after, and only for the latest call.
 */
export function useMutation<TData = unknown, TVariables = void, TError = Error>(
  options: UseMutationOptions<TData, TVariables, TError>,
): UseMutationResult<TData, TVariables, TError> {
  const [state, setState] = useState<MutationState<TData, TVariables, TError>>(idle);
  const latestOptions = useRef(options);
  useLayoutEffect(() => {
    latestOptions.current = options;
  });
  const latestCall = useRef(0);

  const mutateAsync = useCallback(
    async (variables: TVariables, callbacks: MutationCallbacks<TData, TVariables, TError> = {}) => {
      const call = ++latestCall.current;
      // A screen the write itself closed (a sign-in that opens the dashboard) still gets its callbacks.
      const current = () => call === latestCall.current;
      const { mutationFn, onSuccess, onError, onSettled } = latestOptions.current;
      setState({ status: 'pending', data: undefined, error: null, variables });
      try {
        const data = await mutationFn(variables);
        await onSuccess?.(data, variables);
        await onSettled?.(data, null, variables);
        if (current()) {
          setState({ status: 'success', data, error: null, variables });
          await callbacks.onSuccess?.(data, variables);
          await callbacks.onSettled?.(data, null, variables);
        }
        return data;
      } catch (caught) {
        const error = caught as TError;
        await onError?.(error, variables);
        await onSettled?.(undefined, error, variables);
        if (current()) {
          setState({ status: 'error', data: undefined, error, variables });
          await callbacks.onError?.(error, variables);
          await callbacks.onSettled?.(undefined, error, variables);
        }
        throw error;
      }
    },
    [],
  );
  const mutate = useCallback(
    (variables: TVariables, callbacks?: MutationCallbacks<TData, TVariables, TError>) => {
      mutateAsync(variables, callbacks).catch(() => undefined);
    },
    [mutateAsync],
  );
  const reset = useCallback(() => setState(idle), []);

  return {
    ...state,
    isIdle: state.status === 'idle',
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    mutate,
    mutateAsync,
    reset,
  };
}
