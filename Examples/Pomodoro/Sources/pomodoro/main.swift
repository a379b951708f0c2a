import ActomatonREPL
import Foundation

exit(await Shell<PomodoroApp>.main())
