import { useId, useState } from 'react';
import { appName } from '../../../lib/env';

const FAQ = [
  {
    question: `What is ${appName}?`,
    answer: `${appName} is a streaming service with a wide range of movies and TV shows. Watch as much as you want, whenever you want, without a single advert in the middle of a scene.`,
  },
  {
    question: `How much does ${appName} cost?`,
    answer:
      'Watch on your phone, tablet, laptop and TV for one monthly price. Plans range from ₹149 to ₹649 a month. No extra costs, no contracts.',
  },
  {
    question: 'Where can I watch?',
    answer:
      'Anywhere, on any device with a modern web browser. Sign in with your account and pick up where you left off.',
  },
  {
    question: 'How do I cancel?',
    answer:
      'You can cancel your plan online in two clicks from Subscription plans. There are no cancellation fees; your plan stays active until the end of the period you paid for.',
  },
  {
    question: `What can I watch on ${appName}?`,
    answer:
      'Feature films, series, documentaries and more, with new titles added every week. Filmmakers can even submit their own movie or show for review.',
  },
  {
    question: `Is ${appName} good for kids?`,
    answer:
      'Every title shows its content rating, so families can choose what suits them before pressing play.',
  },
] as const;

/** Six questions; one answer open at a time. */
export function FaqAccordion() {
  const id = useId();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <div className="accordion faq">
      {FAQ.map((item, index) => {
        const expanded = open === index;
        const buttonId = `${id}-q${index}`;
        const panelId = `${id}-a${index}`;
        return (
          <div key={item.question} className="accordion-item">
            <h3 className="accordion-header">
              <button
                id={buttonId}
                type="button"
                className={`accordion-button${expanded ? '' : ' collapsed'}`}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : index)}
              >
                {item.question}
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              className="accordion-collapse"
              hidden={!expanded}
            >
              <div className="accordion-body">{item.answer}</div>
            </div>
          </div>
        );
      })}
    </div>
  );
}
