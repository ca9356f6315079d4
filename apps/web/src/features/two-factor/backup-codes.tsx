import toast from 'react-hot-toast';

/** Ten single-use backup codes, shown once: to copy or download before leaving the page. */
export function BackupCodes({ codes }: { codes: string[] }) {
  const text = `Second Gear backup codes (each works once)\n\n${codes.join('\n')}\n`;
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => toast.success('Backup codes copied'),
      () => toast.error('Could not copy: select the codes and copy them instead'),
    );
  };
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'second-gear-backup-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-base-300 p-4">
      <h3 className="font-semibold">Backup codes</h3>
      <p className="text-sm">
        Keep these somewhere safe: each one signs you in once if you lose your phone. They are shown only now.
      </p>
      <ul aria-label="Backup codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline btn-sm min-h-11" onClick={copy}>
          Copy codes
        </button>
        <button type="button" className="btn btn-outline btn-sm min-h-11" onClick={download}>
          Download codes
        </button>
      </div>
    </div>
  );
}
