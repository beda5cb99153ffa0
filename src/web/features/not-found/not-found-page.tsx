import { useTranslation } from '../../lib/texts/use-translation.tsx';

export default function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-[70vh] items-center justify-center p-6">
      <div className="w-full max-w-md rounded-2xl border border-white/10 bg-zinc-900 p-6 text-center">
        <h1 className="text-2xl font-bold text-white">{t('notFound.title')}</h1>
        <p className="mt-3 text-sm text-zinc-400">{t('notFound.hint')}</p>
      </div>
    </div>
  );
}
