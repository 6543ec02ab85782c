// Mantine's global styles and those of every component the app uses (scripts/vite/
// mantine-styles.ts), and the toasts'; loaded with the Mantine shell (see mantine-shell.tsx),
// never by the landing page.
import 'virtual:mantine-styles';
import '@mantine/notifications/styles.css';
