/**
 * Who made the product, for the landing page's credit and footer (docs/product.md#what-it-is). The spec
 * does not name the creator: set the real name and social profile here.
 */
export const SITE = {
  name: 'Video Workflow',
  creatorName: 'the Video Workflow team',
  creatorProfileUrl: 'https://github.com/',
  creatorProfileLabel: 'Follow the creator on GitHub',
} as const;

export function pageTitle(name?: string): string {
  return name ? `${name} | ${SITE.name}` : SITE.name;
}
