// Article alerts: how many confirmed subscribers each category has, and the articles sent.
import { nairobiTime } from '../format.ts';
import { Said } from '../Said.tsx';
import { Table } from '../Table.tsx';
import { useResource } from '../use-resource.ts';

interface AlertsOverview {
  categories: { name: string; subscribers: number }[];
  articles: { title: string; sentAt: string | null; recipients: number }[];
}

export function AlertsSection({ signedOut }: { signedOut: () => void }) {
  const { data: overview, error } = useResource<AlertsOverview>('/alerts', signedOut);
  return (
    <section aria-labelledby="alerts-title">
      <h2 id="alerts-title">Alerts</h2>
      <Said said={error ? { text: error, error: true } : null} />
      {overview && (
        <>
          <h3>Subscribers by category</h3>
          <Table
            label="Subscribers by category"
            columns={['Category', 'Subscribers']}
            rows={overview.categories.map((category) => ({
              key: category.name,
              cells: [category.name, category.subscribers],
            }))}
          />
          <h3>Articles sent</h3>
          <Table
            label="Articles sent"
            columns={['Article', 'Sent', 'Recipients']}
            rows={overview.articles.map((article) => ({
              key: article.title,
              cells: [article.title, article.sentAt ? nairobiTime(article.sentAt) : 'not yet', article.recipients],
            }))}
          />
        </>
      )}
    </section>
  );
}
