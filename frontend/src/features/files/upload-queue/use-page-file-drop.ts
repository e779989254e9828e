import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { carriesFiles, droppedFiles } from './dropped-files';
import type { ChosenFile } from './use-upload-queue';

/**
 * Files (and folders) dropped anywhere on the page go to `onFiles`, unless something on the page took
 * the drop itself. Returns whether files are being dragged over the page, to show where they will go.
 */
export function usePageFileDrop(onFiles: (files: ChosenFile[]) => void): boolean {
  const [dragging, setDragging] = useState(false);
  const latest = useRef(onFiles);
  useLayoutEffect(() => {
    latest.current = onFiles;
  });

  useEffect(() => {
    // dragenter and dragleave fire for every element crossed: the drag has left the page when they even out.
    let depth = 0;
    function enter(event: DragEvent) {
      if (!carriesFiles(event)) return;
      depth += 1;
      setDragging(true);
    }
    function leave(event: DragEvent) {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    }
    function over(event: DragEvent) {
      if (!carriesFiles(event) || event.defaultPrevented) return;
      // Without this the browser would open the dropped file in place of the portal.
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    }
    function drop(event: DragEvent) {
      depth = 0;
      setDragging(false);
      if (!event.dataTransfer || !carriesFiles(event) || event.defaultPrevented) return;
      event.preventDefault();
      droppedFiles(event.dataTransfer).then(
        (files) => {
          if (files.length > 0) latest.current(files);
        },
        () => toast.error('The dropped files could not be read. Choose them with the file picker instead.'),
      );
    }
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, []);
  return dragging;
}
