/** Mantine's stylesheets the app uses, as CSS imports (scripts/vite/mantine-styles.ts). */
declare module 'virtual:mantine-styles' {}
