// The two buttons that page through a list: back and on, each off at its end.
interface Props {
  page: number;
  pages: number;
  go: (page: number) => void;
  labels: readonly [back: string, on: string];
}

export function Pager({ page, pages, go, labels: [back, on] }: Props) {
  return (
    <div className="desk-pages">
      <button
        type="button"
        className="desk-button desk-button--quiet"
        disabled={page <= 1}
        onClick={() => go(page - 1)}
      >
        {back}
      </button>
      <button
        type="button"
        className="desk-button desk-button--quiet"
        disabled={page >= pages}
        onClick={() => go(page + 1)}
      >
        {on}
      </button>
    </div>
  );
}
