import { createContext, useContext } from 'react';
import { roleCan, type Permission, type SignedInOperator } from '#contract/operators.ts';

/** The signed-in operator, as the server's session says. */
export const OperatorContext = createContext<SignedInOperator | null>(null);

export function useOperator() {
  return useContext(OperatorContext);
}

/** Whether the signed-in operator's role may do this: the dashboard shows only such controls. */
export function useCan(permission: Permission) {
  return roleCan(useOperator()?.role, permission);
}
