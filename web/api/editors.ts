import type { AssignedEditors } from '@domain/assignments';
import { peopleLists } from './people-lists';

/** The lists of editors, each with how many clients it has. */
const editors = peopleLists<AssignedEditors['assignedEditors'][number], 'editors'>('editors');
export const editorKeys = editors.keys;
export const invalidateEditors = editors.invalidate;

/** GET /api/editors: every editor for staff; a client side those it works with. */
export const useEditors = editors.useAll;

/** GET /api/assignments/my-editors: the editors assigned to the signed-in client. */
export const useMyEditors = editors.useMine;
