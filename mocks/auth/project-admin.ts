import { forbidden } from '../engine/outcome';
import type { RequestContext } from '../engine/types';

/**
 * Developer controls and project administration are for project admins only: the caller's
 * ProjectMembership must carry the admin flag. Anyone else gets 403.
 */
export function requireProjectAdmin(context: RequestContext, projectId = context.projectId): void {
  if (!context.admin || context.projectId !== projectId) throw forbidden('Forbidden');
}
