import type { ReactNode } from 'react';
import { Authenticated, Loading, usePermissions } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { mayReach, type Ability } from '../../resources/abilities';
import { requirementFor } from '../../resources/index';

/**
 * A screen for signed-in staff; with `screen`, only for those whose abilities meet its requirement, generally or for
 * some entities (else /403): the server narrows what it shows to those.
 */
export function RequireAccess({ screen, children }: { screen?: string; children: ReactNode }) {
  return <Authenticated>{screen ? <Guard screen={screen}>{children}</Guard> : children}</Authenticated>;
}

function Guard({ screen, children }: { screen: string; children: ReactNode }) {
  const { permissions, isPending } = usePermissions<Ability[]>();
  if (isPending) return <Loading />;
  const requirement = requirementFor(screen);
  if (!requirement || !mayReach(permissions ?? [], requirement)) return <Navigate to="/403" replace />;
  return <>{children}</>;
}
