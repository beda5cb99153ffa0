// Placeholder screen: being built.
export default function RewardsPage() {
  return <main id="main" className="p-6 text-white">RewardsPage</main>;
}
