import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { CONTACT_PROMISE, HELP_SUBJECTS, HELP_SUBJECT_LABELS, helpFormSchema } from '@mathdaily/domain';
import { useAuth } from '../../auth/auth-store.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { FormField } from '../contact/form-field.tsx';
import { MessageField, MessageFormError, MessageSent, NameAndEmailFields, SendMessageButton } from '../contact/message-form-parts.tsx';
import { useMessageForm } from '../contact/use-message-form.ts';
import { FaqList } from '../public-site/faq-list.tsx';
import { Icon } from '../public-site/icons.tsx';
import { HELP_ARTICLES, HELP_CATEGORIES, HELP_CATEGORY_LABELS, searchHelpArticles, type HelpCategory } from './help-articles.ts';
import '../public-site/public-site.css';
import './help.css';

/** SPEC §2 Help: searchable FAQ (one answer open at a time) and a support form stored like the contact form (source 'help'). */
export function HelpPage() {
  useDocumentTitle('Help & Support');
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<HelpCategory | 'all'>('all');
  const results = useMemo(() => searchHelpArticles(HELP_ARTICLES, query, category), [query, category]);
  const searchId = useId();

  const summary =
    results.length === HELP_ARTICLES.length
      ? `${HELP_ARTICLES.length} articles`
      : `${results.length} of ${HELP_ARTICLES.length} articles match`;

  return (
    <main className="page help-page" id="main">
      <header className="help-hero">
        <h1>Help &amp; Support</h1>
        <p className="muted">Answers to common questions, and a direct line to our team.</p>
        <div className="help-search" role="search">
          <label htmlFor={searchId} className="visually-hidden">
            Search help articles
          </label>
          <Icon name="search" className="help-search-icon" />
          <input
            id={searchId}
            type="search"
            placeholder="Search help, e.g. “hint”"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            autoComplete="off"
          />
        </div>
      </header>

      <div className="help-categories" role="group" aria-label="Filter by category">
        {(['all', ...HELP_CATEGORIES] as const).map((value) => (
          <button
            key={value}
            type="button"
            className={category === value ? 'help-chip selected' : 'help-chip'}
            aria-pressed={category === value}
            onClick={() => setCategory(value)}
          >
            {value === 'all' ? 'All topics' : HELP_CATEGORY_LABELS[value]}
          </button>
        ))}
      </div>

      <section aria-labelledby="help-faq-title" className="help-faq">
        <div className="help-faq-head">
          <h2 id="help-faq-title">Frequently asked questions</h2>
          <p className="muted help-count" role="status" aria-live="polite">
            {summary}
          </p>
        </div>
        {results.length > 0 ? (
          <FaqList
            items={results.map((article) => ({
              id: article.id,
              question: article.question,
              tag: HELP_CATEGORY_LABELS[article.category],
              answer: article.answer.map((paragraph) => <p key={paragraph}>{paragraph}</p>),
            }))}
          />
        ) : (
          <div className="help-empty">
            <p>
              <strong>No articles match “{query.trim()}”.</strong>
            </p>
            <p className="muted">Try other words, choose All topics, or send us a message below.</p>
            <button
              type="button"
              className="button small"
              onClick={() => {
                setQuery('');
                setCategory('all');
              }}
            >
              Clear search
            </button>
          </div>
        )}
      </section>

      <SupportForm />
    </main>
  );
}

function SupportForm() {
  const { user } = useAuth();
  const form = useMessageForm({
    source: 'help',
    schema: helpFormSchema,
    initial: { name: user ? `${user.firstName} ${user.lastName}`.trim() : '', email: user?.email ?? '', subject: '', message: '' },
  });
  const { values, errors, status } = form;

  return (
    <section className="card help-contact" id="contact-support" aria-labelledby="help-contact-title">
      <div className="help-contact-intro">
        <h2 id="help-contact-title">Still need help?</h2>
        <p className="muted">
          Send us a message and we’ll get back to you within {CONTACT_PROMISE.replyWithinHours} hours (
          <span className="no-break">{CONTACT_PROMISE.hours}</span>).
        </p>
        <p className="muted small-print">
          Your progress and account details are covered by our <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </div>
      {status === 'sent' ? (
        <MessageSent heading={<h3>Message sent</h3>} onReset={form.reset} />
      ) : (
        <form className="message-form" noValidate onSubmit={(event) => void form.onSubmit(event)} ref={form.formRef}>
          <MessageFormError error={form.formError} />
          <NameAndEmailFields form={form} idPrefix="help" className="help-row" />
          <FormField id="help-subject" label="Subject" error={errors.subject}>
            {(props) => (
              <select {...props} name="subject" value={values.subject} onChange={(event) => form.setValue('subject', event.target.value)}>
                <option value="">Choose a subject</option>
                {HELP_SUBJECTS.map((subject) => (
                  <option key={subject} value={subject}>
                    {HELP_SUBJECT_LABELS[subject]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <MessageField form={form} id="help-message" rows={5} placeholder="What happened, and what were you trying to do?" />
          <SendMessageButton sending={status === 'sending'} />
        </form>
      )}
    </section>
  );
}
