import { createContext } from 'react';

/**
 * The screen width (CSS pixels) a page drawn by the server was drawn for, or null in a page the
 * browser drew itself. The server cannot measure the screen, so it draws for a phone or a
 * desktop as the request says (server/plugins/web.ts) and hands that width to the browser
 * (web/app/boot.ts), whose first render must draw the same (ADR 0009). Kept apart from the
 * hooks that read it, which import Mantine: the entry (the landing page) must not.
 */
export const DrawnWidth = createContext<number | null>(null);
