import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PLANS, TRIAL, formatPounds, lowestMonthlyPence } from '@mathdaily/domain';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { Icon } from '../public-site/icons.tsx';
import { PlanCard } from '../public-site/plan-card.tsx';
import { PublicLayout, useScrollToHash } from '../public-site/public-layout.tsx';
import { CtaBand, PublicSection } from '../public-site/public-section.tsx';
import { DemoWalkthrough } from './demo-walkthrough.tsx';
import { COMPARISON, DASHBOARD_EXAMPLE, FEATURES, PROBLEMS, SESSION_OUTLINE, SOLUTIONS, TESTIMONIALS } from './landing-content.ts';
import { ButtonLink } from '../../components/button-link.tsx';
import './landing.css';

const trialNote = `${TRIAL.days}-day free trial`;

/** SPEC §1 landing page: hero, problem and solution, the daily session, features, comparison, testimonials, pricing, call to action. */
export function LandingPage() {
  useDocumentTitle('Mastery in 10 minutes a day');
  useScrollToHash();
  const [demoOpen, setDemoOpen] = useState(false);

  return (
    <PublicLayout page="landing">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero-inner">
          <div className="hero-copy">
            <p className="eyebrow">Daily maths practice for grades 1-12</p>
            <h1 id="hero-title">
              Mastery in <span className="hero-highlight">10 minutes</span> a day
            </h1>
            <p className="hero-lead">
              Short daily sessions that adapt to every answer and bring back each problem just before it is forgotten. Real progress without
              the homework battles.
            </p>
            <div className="hero-actions">
              <ButtonLink to="/register" primary className="hero-button">Start Free Trial</ButtonLink>
              <button type="button" className="button hero-button" onClick={() => setDemoOpen(true)} aria-haspopup="dialog">
                <Icon name="play" size={18} />
                Watch 2-min Demo
              </button>
            </div>
            <ul className="hero-assurances">
              <li>
                <Icon name="check" size={18} />
                {trialNote}
              </li>
              <li>
                <Icon name="check" size={18} />
                No credit card required
              </li>
              <li>
                <Icon name="check" size={18} />
                From {formatPounds(lowestMonthlyPence())}/month after
              </li>
            </ul>
          </div>
          <SessionPreview />
        </div>
      </section>

      <PublicSection
        titleId="why-title"
        eyebrow="The problem and our solution"
        title="Maths practice shouldn’t feel like a battle"
        lead="Most practice is too long, too generic and quickly forgotten. MathDaily turns it into a small daily habit that sticks."
      >
        <div className="compare-cards">
          <ComparePanel className="problem-card-panel" title="The usual way" items={PROBLEMS} mark="bad" />
          <ComparePanel className="solution-card-panel" title="The MathDaily way" items={SOLUTIONS} mark="good" />
        </div>
      </PublicSection>

      <PublicSection
        id="how-it-works"
        alt
        titleId="how-title"
        eyebrow="How it works"
        title="Your daily session"
        lead="The same simple shape every day, so it becomes a habit."
      >
        <ol className="session-steps">
          {SESSION_OUTLINE.map((step, index) => (
            <li key={step.title} className="session-step">
              <span className="session-icon">
                <Icon name={step.icon} size={26} />
              </span>
              <p className="session-time">
                <span className="visually-hidden">Step {index + 1}: </span>
                {step.minutes}
              </p>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </PublicSection>

      <PublicSection
        id="features"
        titleId="features-title"
        eyebrow="Features"
        title="Everything a student needs to build mastery"
        lead="Built on how memory actually works, and kind to busy families."
      >
        <ul className="feature-grid">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="feature-card">
              <span className="feature-icon">
                <Icon name={feature.icon} size={22} />
              </span>
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>

        <div className="preview-block">
          <div className="preview-copy">
            <h3>Progress you can see</h3>
            <p>
              Every student gets a dashboard with problems solved, their day streak, grade level and mastery level, plus mastery for each
              topic. Parents and tutors see at a glance what is going well and what needs another look.
            </p>
            <Link to="/register" className="button primary">
              Start Free Trial
            </Link>
          </div>
          <DashboardPreview />
        </div>
      </PublicSection>

      <PublicSection
        alt
        titleId="comparison-title"
        eyebrow="Why MathDaily"
        title="How MathDaily compares"
        lead="What a typical maths practice app offers, side by side with MathDaily."
      >
        <div className="comparison-wrap">
          <table className="comparison">
            <caption className="visually-hidden">Other maths apps compared with MathDaily</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Feature</span>
                </th>
                <th scope="col">Other apps</th>
                <th scope="col" className="comparison-ours">
                  MathDaily
                </th>
              </tr>
            </thead>
            <tbody>
              {COMPARISON.map((row) => (
                <tr key={row.feature}>
                  <th scope="row">{row.feature}</th>
                  <td>
                    <ComparisonValue value={row.others} />
                  </td>
                  <td className="comparison-ours">
                    <ComparisonValue value={row.mathdaily} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </PublicSection>

      <PublicSection
        id="testimonials"
        titleId="testimonials-title"
        eyebrow="Testimonials"
        title="Students who made it a habit"
        lead="A few minutes a day adds up quickly."
      >
        <ul className="testimonial-grid">
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.name}>
              <figure className="testimonial">
                <p className="stars">
                  {[0, 1, 2, 3, 4].map((index) => (
                    <Icon key={index} name="star" size={18} />
                  ))}
                  <span className="visually-hidden">Five out of five stars</span>
                </p>
                <blockquote>
                  <p>“{testimonial.quote}”</p>
                </blockquote>
                <figcaption>
                  <span className="testimonial-avatar" aria-hidden="true">
                    {testimonial.name.charAt(0)}
                  </span>
                  <span>
                    <strong>{testimonial.name}</strong>
                    <span className="muted">{testimonial.detail} student</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </PublicSection>

      <PublicSection
        id="pricing"
        alt
        titleId="pricing-title"
        eyebrow="Pricing"
        title="Simple plans, one free trial"
        lead={<>Every plan starts with a {trialNote}. No credit card required.</>}
      >
        <div className="plan-grid">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} period="monthly" compact />
          ))}
        </div>
        <p className="center pricing-more">
          <Link to="/pricing">See yearly prices and add-ons</Link>
        </p>
      </PublicSection>

      <CtaBand
        className="section final-cta"
        titleId="cta-title"
        title="Start building maths confidence today"
        text={<>Ten minutes a day is all it takes. Try MathDaily free for {TRIAL.days} days.</>}
        secondary={{ to: '/login', label: 'Sign In' }}
        note="No credit card required."
      />

      <DemoWalkthrough open={demoOpen} onClose={() => setDemoOpen(false)} />
    </PublicLayout>
  );
}

/** One side of the problem-and-solution comparison: a list with a cross or a tick before each line. */
function ComparePanel({ className, title, items, mark }: { className: string; title: string; items: readonly string[]; mark: 'bad' | 'good' }) {
  return (
    <div className={className}>
      <h3>{title}</h3>
      <ul className="plain-list">
        {items.map((text) => (
          <li key={text}>
            <span className={`list-mark ${mark}`}>
              <Icon name={mark === 'bad' ? 'cross' : 'check'} size={16} />
            </span>
            {text}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ComparisonValue({ value }: { value: string | boolean }) {
  if (value === true) {
    return (
      <span className="comparison-yes">
        <Icon name="check" size={18} />
        Yes
      </span>
    );
  }
  if (value === false) {
    return (
      <span className="comparison-no">
        <Icon name="cross" size={18} />
        No
      </span>
    );
  }
  return <>{value}</>;
}

/** The hero's picture of a session in progress; decorative (the page's text says what it shows). */
function SessionPreview() {
  return (
    <div className="hero-visual" aria-hidden="true">
      <div className="session-preview">
        <div className="session-preview-top">
          <span className="session-chip">Quick review · 2 of 4</span>
          <span className="session-timer">
            <Icon name="clock" size={16} /> 1:24
          </span>
        </div>
        <div className="session-preview-bar">
          <i />
        </div>
        <p className="session-preview-topic">Fractions · Difficulty 2/5</p>
        <p className="session-preview-question">What is ¾ of 24?</p>
        <div className="session-preview-options">
          <span>16</span>
          <span className="chosen">18</span>
          <span>20</span>
          <span>21</span>
        </div>
        <div className="session-preview-feedback">
          <Icon name="check" size={18} />
          <span>
            <strong>Correct!</strong> 24 ÷ 4 = 6, and 6 × 3 = 18.
          </span>
        </div>
      </div>
      <div className="floating-stat streak">
        <Icon name="flame" size={18} />
        <span>
          <b>12</b> day streak
        </span>
      </div>
      <div className="floating-stat mastery">
        <Icon name="chart" size={18} />
        <span>
          <b>88%</b> fractions mastered
        </span>
      </div>
    </div>
  );
}

/** SPEC §1: a sample dashboard preview, clearly labelled as an example. */
function DashboardPreview() {
  const example = DASHBOARD_EXAMPLE;
  const tiles = [
    { label: 'Problems solved', value: String(example.problemsSolved) },
    { label: 'Day streak', value: `${example.dayStreak} days` },
    { label: 'Grade level', value: `Grade ${example.gradeLevel}` },
    { label: 'Mastery level', value: example.masteryLevel },
  ];
  return (
    <figure className="sample-dashboard" aria-labelledby="sample-dashboard-caption">
      <figcaption id="sample-dashboard-caption" className="sample-dashboard-caption">
        <span className="badge">Example</span> A student’s dashboard (sample data)
      </figcaption>
      <dl className="sample-dashboard-tiles">
        {tiles.map((tile) => (
          <div key={tile.label} className="sample-dashboard-tile">
            <dt>{tile.label}</dt>
            <dd>{tile.value}</dd>
          </div>
        ))}
      </dl>
      <div className="sample-dashboard-topics">
        <p className="sample-dashboard-topics-title">Mastery by topic</p>
        <ul>
          {example.topics.map((topic) => (
            <li key={topic.name}>
              <span className="sample-dashboard-topic-name">{topic.name}</span>
              <span className="progress-track" aria-hidden="true">
                <span className="progress-fill" style={{ width: `${topic.percent}%`, display: 'block' }} />
              </span>
              <span className="sample-dashboard-topic-value">{topic.percent}%</span>
            </li>
          ))}
        </ul>
      </div>
    </figure>
  );
}
