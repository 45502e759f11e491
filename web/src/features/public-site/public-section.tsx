import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/button-link.tsx';

interface PublicSectionProps {
  id?: string;
  /** The tinted background, alternating down the page. */
  alt?: boolean;
  /** Extra class on the inner block (a section's own layout). */
  innerClassName?: string;
  titleId: string;
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
}

/** A band of a public page: the heading block (eyebrow, title, lead) over the band's content. */
export function PublicSection({ id, alt = false, innerClassName, titleId, eyebrow, title, lead, children }: PublicSectionProps) {
  return (
    <section id={id} className={alt ? 'section section-alt' : 'section'} aria-labelledby={titleId}>
      <div className={innerClassName ? `section-inner ${innerClassName}` : 'section-inner'}>
        <div className="section-heading">
          {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
          <h2 id={titleId}>{title}</h2>
          {lead ? <p>{lead}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}

interface CtaBandProps {
  className?: string;
  titleId: string;
  title: string;
  text: ReactNode;
  /** The link beside 'Start Free Trial'. */
  secondary: { to: string; label: string };
  note?: string;
}

/** The closing call to action of a public page: start the free trial, or the page's other way in. */
export function CtaBand({ className = 'section', titleId, title, text, secondary, note }: CtaBandProps) {
  return (
    <section className={className} aria-labelledby={titleId}>
      <div className="cta-band">
        <h2 id={titleId}>{title}</h2>
        <p>{text}</p>
        <div className="button-row">
          <ButtonLink to="/register" primary>Start Free Trial</ButtonLink>
          <ButtonLink to={secondary.to} className="ghost">{secondary.label}</ButtonLink>
        </div>
        {note ? <p className="cta-note">{note}</p> : null}
      </div>
    </section>
  );
}
