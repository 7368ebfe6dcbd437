package analysis

import "github.com/baolab/baolab/internal/atomicfile"

// StopWriting is for the signal handler of a program writing a report:
// it removes the temporary file of every report file being written and
// makes every later write of a report file fail, so that the files left
// are complete ones (earlier files of the report, or none) and a rerun
// writes the report as if the stopped run had not happened.
func StopWriting() { atomicfile.Stop() }
