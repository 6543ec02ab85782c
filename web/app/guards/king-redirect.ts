/** How long the King Access Required screen stays before it sends the visitor to /dashboard. */
export const KING_REDIRECT_DELAY_MS = 1500;
