from solver.bench.runner import main

raise SystemExit(main())
