/** Every list an assignment change touches: refreshed together after a write. */
export const ASSIGNMENT_RELATED_KEYS = [
  ['/api/assignments'],
  ['/api/clients'],
  ['/api/editors'],
] as const;
