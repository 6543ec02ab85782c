import type { ComponentType, ReactNode } from 'react';
import { IconMessage, IconReceipt, IconUsers, IconVideo } from '../../components/icons';
import { SITE } from '../../lib/site';

const FEATURES: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Track every video',
    text: 'Follow each video from draft through review to ready to post and posted, with due dates and day counters.',
    icon: <IconVideo />,
  },
  {
    title: 'Work as one team',
    text: 'Assign editors to clients, hand work to lead editors for review and keep everyone on the same page.',
    icon: <IconUsers />,
  },
  {
    title: 'Talk where the work is',
    text: 'Comment on a video, @mention a teammate and get notified the moment something needs you.',
    icon: <IconMessage />,
  },
  {
    title: 'Bill with confidence',
    text: 'Prices per video type and per client, paid and unpaid work at a glance, and monthly revenue trends.',
    icon: <IconReceipt />,
  },
];

/** A link of the landing page: React Router's Link takes these props, and so does a plain one. */
export type LandingLink = ComponentType<{ to: string; className: string; children: ReactNode }>;

/**
 * The public landing page (docs/product.md#what-it-is): plain markup styled by
 * styles-critical.css, drawn like the Mantine screens. It imports neither React Router nor the
 * app's data and session code, so a first visit downloads only React and this (the landing
 * budget, scripts/budgets.ts): `Link` draws its two links, React Router's inside the app
 * (landing.tsx), the first screen's own before the app has loaded (first-screen.tsx).
 */
export function LandingPage({ Link }: { Link: LandingLink }) {
  return (
    <div className="landing">
      <header className="landing-header">
        <div className="landing-container">
          <div className="landing-brand">
            <IconVideo size={26} />
            <span className="landing-brand-name">{SITE.name}</span>
          </div>
        </div>
      </header>

      <main className="landing-main">
        <section className="landing-hero" aria-labelledby="landing-title">
          <div className="landing-container landing-container--md landing-hero-stack">
            <h1 id="landing-title" className="landing-title">
              Video production, from first draft to posted
            </h1>
            <p className="landing-lead">
              One workspace for clients, editors and lead editors to plan, review and deliver every
              video. Created by {SITE.creatorName}.
            </p>
            <div className="landing-actions">
              <Link to="/register" className="landing-button landing-button--filled">
                Get Started
              </Link>
              <Link to="/login" className="landing-button landing-button--default">
                Sign In
              </Link>
            </div>
          </div>
        </section>

        <section className="landing-features" aria-labelledby="features-title">
          <div className="landing-container">
            <div className="landing-features-intro">
              <h2 id="features-title" className="landing-subtitle">
                Everything you need to manage video production
              </h2>
              <p className="landing-dimmed">
                Built for agencies and communities that turn raw footage into posted videos, week
                after week.
              </p>
            </div>
            <div className="landing-grid">
              {FEATURES.map((feature) => (
                <div key={feature.title} className="landing-card">
                  <span className="landing-card-icon" aria-hidden="true">
                    {feature.icon}
                  </span>
                  <h3 className="landing-card-title">{feature.title}</h3>
                  <p className="landing-dimmed landing-small">{feature.text}</p>
                </div>
              ))}
            </div>
          </div>
        </section>
      </main>

      <footer className="landing-footer">
        <div className="landing-container landing-footer-row">
          <p className="landing-dimmed landing-small">
            © {new Date().getFullYear()} {SITE.name}. All rights reserved.
          </p>
          <a
            className="landing-link landing-small"
            href={SITE.creatorProfileUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            {SITE.creatorProfileLabel}
          </a>
        </div>
      </footer>
    </div>
  );
}
