import { useId } from 'react';
import { Search } from 'lucide-react';
import { controlBase } from './styles.ts';

/** The dashboard's search field over the catalogue: a magnifier, a label for screen readers, the words typed. */
export function SeriesSearchBox({
  label,
  placeholder,
  value,
  onChange,
  className,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className: string;
}) {
  const id = useId();
  return (
    <div className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search className="pointer-events-none absolute top-2.5 start-2.5 size-4 text-zinc-500" aria-hidden />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        placeholder={placeholder}
        className={`${controlBase} h-9 w-full pe-3 ps-8`}
      />
    </div>
  );
}
