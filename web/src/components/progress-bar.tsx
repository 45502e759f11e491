/** How far along: a percentage, or a count out of a total (the fill is its share). */
type Amount = { percent: number } | { value: number; max: number };

type ProgressBarProps = Amount & {
  /** Extra class on the track (its size and place). */
  className?: string;
  label?: string;
  labelledBy?: string;
  valueText?: string;
  /** Extra class on the fill ('complete'). */
  fillClassName?: string;
  fillColor?: string;
};

/** A progress bar screen readers can read: the track is the progressbar, the fill shows the share. */
export function ProgressBar({ className, label, labelledBy, valueText, fillClassName, fillColor, ...amount }: ProgressBarProps) {
  const [value, max, width] = 'percent' in amount ? [amount.percent, 100, amount.percent] : [amount.value, amount.max, amount.max > 0 ? (amount.value / amount.max) * 100 : 0];
  return (
    <div
      className={className ? `progress-track ${className}` : 'progress-track'}
      role="progressbar"
      aria-label={label}
      aria-labelledby={labelledBy}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
    >
      <div className={fillClassName ? `progress-fill ${fillClassName}` : 'progress-fill'} style={fillColor ? { width: `${width}%`, backgroundColor: fillColor } : { width: `${width}%` }} />
    </div>
  );
}
