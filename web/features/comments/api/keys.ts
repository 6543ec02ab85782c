/** Query keys of a video's comments and mentionable people (their GET paths, joined by '/'). */
export const commentKeys = {
  list: (videoId: string) => ['/api/videos', videoId, 'comments'] as const,
  mentionable: (videoId: string) => ['/api/videos', videoId, 'mentionable'] as const,
};
