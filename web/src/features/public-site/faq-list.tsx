import { useId, useState, type ReactNode } from 'react';
import { Icon } from './icons.tsx';
import './faq-list.css';

export interface FaqEntry {
  id: string;
  question: string;
  answer: ReactNode;
  /** A small label shown above the question (e.g. its category). */
  tag?: string;
}

/**
 * Questions as disclosure buttons (aria-expanded, aria-controls); one answer open at a time.
 * Headings keep the list navigable by heading for screen-reader users.
 */
export function FaqList({ items, headingLevel = 3 }: { items: readonly FaqEntry[]; headingLevel?: 2 | 3 }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const prefix = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="faq-list">
      {items.map((item) => {
        const open = item.id === openId;
        const buttonId = `${prefix}-${item.id}-q`;
        const panelId = `${prefix}-${item.id}-a`;
        return (
          <div className={open ? 'faq-item open' : 'faq-item'} key={item.id}>
            <Heading className="faq-question">
              <button type="button" id={buttonId} aria-expanded={open} aria-controls={panelId} onClick={() => setOpenId(open ? null : item.id)}>
                <span className="faq-question-text">
                  {item.tag && <span className="faq-tag">{item.tag}</span>}
                  {item.question}
                </span>
                <Icon name="chevron" className="faq-chevron" />
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} className="faq-answer" hidden={!open}>
              {item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
