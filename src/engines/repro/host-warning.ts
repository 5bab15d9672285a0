// What every place that offers a promoted reproduction's run script says beside it: bug-hunter ran the test only in
// its sandbox, and `sh run.sh` runs that model-written test on the user's own machine, with the user's rights.

export const HOST_RUN_WARNING = 'runs a model-written test on this machine, outside the sandbox, with your permissions and environment: read run.sh and the test first';
