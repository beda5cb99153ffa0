export interface SpeedMenuProps {
  rate: number;
  onRateChange: (rate: number) => void;
  onOpenChange: (open: boolean) => void;
}
