/** The video dialog's comments panel: built by the notifications issue. */
export function CommentsPanel(_props: { videoId: string }) {
  return null;
}
