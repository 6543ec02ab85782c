/**
 * Where the signed-in user is stored (docs/product.md#data), on its own: the landing page drawn
 * before the app (web/app/first-screen.tsx) asks whether someone is signed in without loading
 * the session's code (session-storage.ts).
 */
export const USER_STORAGE_KEY = 'user';
