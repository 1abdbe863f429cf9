import '../landing.scss';
import { Link } from 'react-router';
import { appName } from '../../../lib/env';
import { EmailCapture } from '../components/email-capture';
import { LandingBackdrop } from '../components/landing-backdrop';
import { FaqAccordion } from '../components/faq-accordion';
import { paths } from '../../../lib/paths';

const FEATURES = [
  {
    title: 'Enjoy on your TV',
    text: 'Watch on smart TVs, game consoles, streaming sticks and more, in crisp adaptive quality.',
    icon: 'M3 5h18v11H3V5Zm2 2v7h14V7H5Zm3 11h8v2H8v-2Z',
  },
  {
    title: 'Watch everywhere',
    text: 'Stream unlimited movies and TV shows on your phone, tablet, laptop and TV.',
    icon: 'M4 4h12v2H6v10h4v2H4V4Zm10 4h6v12h-6V8Zm2 2v8h2v-8h-2Z',
  },
  {
    title: 'Keep a watch list',
    text: 'Save what catches your eye and come back to it whenever you are ready.',
    icon: 'M6 3h12v18l-6-4-6 4V3Zm2 2v12.3l4-2.7 4 2.7V5H8Z',
  },
  {
    title: 'Cancel anytime',
    text: 'No contracts and no commitments. Change or cancel your plan online in two clicks.',
    icon: 'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-1 3h2v6h-2V7Zm0 8h2v2h-2v-2Z',
  },
] as const;

export function LandingPage() {
  return (
    <div className="landing">
      <section className="landing-hero" aria-labelledby="landing-title">
        <LandingBackdrop />
        <div className="landing-hero__backdrop" aria-hidden="true" />
        <div className="container-xxl landing-hero__content">
          <h1 id="landing-title" className="landing-hero__title">
            Unlimited movies, TV shows and more
          </h1>
          <p className="landing-hero__subtitle">Starts at ₹149 a month. Cancel anytime.</p>
          <EmailCapture />
          <p className="landing-hero__signin">
            Already a member? <Link to={paths.login()}>Sign In</Link>
          </p>
        </div>
      </section>

      <section className="landing-features container-xxl" aria-labelledby="features-title">
        <h2 id="features-title" className="visually-hidden">
          Why {appName}
        </h2>
        <ul className="row g-4 list-unstyled">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="col-12 col-sm-6 col-xl-3">
              <div className="feature-card">
                <svg
                  viewBox="0 0 24 24"
                  width="40"
                  height="40"
                  aria-hidden="true"
                  className="feature-card__icon"
                >
                  <path fill="currentColor" d={feature.icon} />
                </svg>
                <h3 className="feature-card__title">{feature.title}</h3>
                <p className="feature-card__text">{feature.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section id="faq" className="landing-faq container-xxl" aria-labelledby="faq-title">
        <h2 id="faq-title" className="section-title text-center">
          Frequently Asked Questions
        </h2>
        <FaqAccordion />
        <EmailCapture />
      </section>
    </div>
  );
}
