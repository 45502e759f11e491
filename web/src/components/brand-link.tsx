import { Link } from 'react-router-dom';

interface BrandLinkProps {
  /** Home for visitors; the dashboard in the signed-in app. */
  to?: string;
  className?: string;
  /** Wraps the name, for the app bar that hides it on small screens. */
  nameClassName?: string;
  onClick?(): void;
}

/** The MathDaily mark and name, a link named 'MathDaily home'. */
export function BrandLink({ to = '/', className, nameClassName, onClick }: BrandLinkProps) {
  return (
    <Link to={to} className={className ? `brand ${className}` : 'brand'} aria-label="MathDaily home" onClick={onClick}>
      <span className="brand-mark" aria-hidden="true">
        ∑
      </span>
      {nameClassName ? <span className={nameClassName}>MathDaily</span> : 'MathDaily'}
    </Link>
  );
}
