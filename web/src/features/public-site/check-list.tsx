import { Icon } from './icons.tsx';

/** A list with a tick before each line (what a plan, a tool or a demo step gives you). */
export function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul className="check-list">
      {items.map((item) => (
        <li key={item}>
          <Icon name="check" size={18} />
          {item}
        </li>
      ))}
    </ul>
  );
}
