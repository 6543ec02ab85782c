// Every Mantine component's styles; loaded with the first lazy route (see router.tsx).
import '@mantine/core/styles.css';
