import { Link, Navigate } from 'react-router';
import { useAuth } from '../../hooks/use-auth';
import { LandingPage } from './landing-page';

/**
 * The landing page inside the app (docs/product.md#what-it-is), where a visitor arrives from
 * another screen (e.g. after signing out); signed-in visitors go straight to /dashboard. A first
 * visit to / is drawn before the app has loaded (first-screen.tsx).
 */
export function LandingRoute() {
  const { user } = useAuth();
  if (user) return <Navigate to="/dashboard" replace />;
  return <LandingPage Link={Link} />;
}
