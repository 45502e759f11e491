import { Link, type LinkProps } from 'react-router-dom';

interface ButtonLinkProps extends LinkProps {
  /** The page's main action. */
  primary?: boolean;
  small?: boolean;
}

/** A link drawn as a button (`.button`): for actions that go to another page. */
export function ButtonLink({ primary, small, className, ...link }: ButtonLinkProps) {
  const classes = ['button', primary && 'primary', small && 'small', className].filter(Boolean).join(' ');
  return <Link className={classes} {...link} />;
}
